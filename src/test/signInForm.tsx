// A bare sign-in form for tests of presses and submissions made before React runs the page
// (earlyTaps, unhydratedPresses): an e-mail field and a submit button whose submission React
// handles, passing the e-mail to onSubmit, so a test sees whether React got it and with what.
import type { ComponentType, FormEvent } from 'react';

export function signInForm(onSubmit: (email: FormDataEntryValue | null) => void): ComponentType {
  return function SignIn() {
    return (
      <form
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          onSubmit(new FormData(e.currentTarget).get('email'));
        }}
      >
        <input name="email" defaultValue="" />
        <button type="submit">Sign in</button>
      </form>
    );
  };
}
