import { Alert } from 'antd';

/** A request that failed, shown above a dialog's form: our text, and the server's own words when it gave any. */
export interface Failure {
  text: string;
  detail?: string | null;
}

export function FailureAlert({
  failure,
  title,
  className,
}: {
  failure: Failure | null | undefined;
  /** What failed ('Save failed.'), above the reason; without it the reason is the title. */
  title?: string;
  className?: string;
}) {
  if (!failure) return null;
  const detail = failure.detail ? <i>{failure.detail}</i> : undefined;
  return (
    <Alert
      type="error"
      showIcon
      className={className}
      title={title ?? failure.text}
      description={
        title ? (
          <>
            {failure.text}
            {detail && <div>{detail}</div>}
          </>
        ) : (
          detail
        )
      }
    />
  );
}
