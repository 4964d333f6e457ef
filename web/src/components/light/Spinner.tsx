import './light.css';

/**
 * A spinning ring (light.css) in the primary colour, or with `inherit` in the text's colour (inside a button).
 * Decorative: what is loading is said by the text beside it.
 */
export function Spinner({
  size = 'middle',
  inherit = false,
}: {
  size?: 'small' | 'middle' | 'large';
  inherit?: boolean;
}) {
  return (
    <span
      className={`light-spinner light-spinner-${size}${inherit ? ' light-spinner-inherit' : ''}`}
      aria-hidden="true"
    />
  );
}
