import { useState } from 'react';
import type { AdminApi } from '../api';
import { useLogin } from '../queries';
import { LoginCard, loginFailedToast, loginSucceededToast } from './LoginView';

/** 'Admin Login' with the login as a mutation: 'Logging in...' while it is pending. */
export function LoginScreen({ api, note, onLoggedIn }: { api: AdminApi; note?: string; onLoggedIn: () => void }) {
  const [password, setPassword] = useState('');
  const login = useLogin(api);
  const submit = () =>
    login.mutate(password, {
      onSuccess: () => {
        setPassword('');
        loginSucceededToast();
        onLoggedIn();
      },
      onError: loginFailedToast,
    });
  return <LoginCard note={note} busy={login.isPending} password={password} onPassword={setPassword} onSubmit={submit} />;
}
