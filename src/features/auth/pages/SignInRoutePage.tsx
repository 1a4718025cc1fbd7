import { useParams } from 'react-router';
import { SignInForm } from './SignInPage';
import { SignInWithLinkPage } from './SignInWithLinkPage';

/** The route /signin/:token?: the form, or a mailed single-use sign-in link. */
export default function SignInRoutePage() {
  const { token } = useParams();
  return token ? <SignInWithLinkPage token={token} /> : <SignInForm />;
}
