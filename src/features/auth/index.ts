// Sign-in, sign-up and account screens; other areas use the redirect helpers.
export { SignInView } from './views/SignInView';
export { SignUpView } from './views/SignUpView';
export { ForgotPasswordView } from './views/ForgotPasswordView';
export { ResetPasswordView } from './views/ResetPasswordView';
export { VerifyEmailView } from './views/VerifyEmailView';
export { AccountView } from './views/AccountView';
export { SecurityView } from './views/SecurityView';
export { TokensView } from './views/TokensView';
export { safeRedirectPath, resolveRedirectTarget, signInPathFor } from './lib/redirectTarget';
