import { Alert } from 'antd';

/** A request that failed, shown above a dialog's form: our text, and the server's own words when it gave any. */
export interface Failure {
  text: string;
  detail?: string | null;
}

export function FailureAlert({
  failure,
  className,
}: {
  failure: Failure | null | undefined;
  className?: string;
}) {
  if (!failure) return null;
  return (
    <Alert
      type="error"
      showIcon
      className={className}
      title={failure.text}
      description={failure.detail ? <i>{failure.detail}</i> : undefined}
    />
  );
}
