import { Suspense } from 'react';
import { useParams } from 'react-router';
import { lazyComponent } from '@/lib/lazy-page';
import { SignInForm } from './SignInPage';

/** A mailed sign-in link is the rarer visit: its screens load only for it. */
const SignInWithLinkPage = lazyComponent(() =>
  import('./SignInWithLinkPage').then((module) => module.SignInWithLinkPage),
);

/** The route /signin/:token?: the form, or a mailed single-use sign-in link. */
export default function SignInRoutePage() {
  const { token } = useParams();
  return token ? (
    <Suspense>
      <SignInWithLinkPage token={token} />
    </Suspense>
  ) : (
    <SignInForm />
  );
}
