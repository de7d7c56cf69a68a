import { Fragment } from 'react';
import { emailParts } from '@/lib/format';

/**
 * An e-mail address that wraps, when it must, only after '@' and after a dot (a <wbr> at
 * each), never inside a name: 'maximiliana.' / 'vandenberg@' / 'example.com'.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
