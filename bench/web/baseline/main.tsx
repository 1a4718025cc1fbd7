import {
  Button,
  Card,
  CardHeader,
  Field,
  FluentProvider,
  Input,
  Link,
  Text,
  Title2,
  webLightTheme,
} from '@fluentui/react-components';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The floor bench:web compares the app against: a bare React + Fluent UI v9 sign-in card, no
 * router, no data layer, no translations, built by Vite the way the app is built.
 */
function SignInCard() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <FluentProvider theme={webLightTheme}>
      <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Card style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}>
          <CardHeader header={<Title2 as="h1">Sign in</Title2>} />
          <form style={{ display: 'grid', gap: 12 }} onSubmit={(event) => event.preventDefault()}>
            <Field label="E-mail" required>
              <Input type="email" value={email} onChange={(_, data) => setEmail(data.value)} />
            </Field>
            <Field label="Password" required>
              <Input
                type="password"
                value={password}
                onChange={(_, data) => setPassword(data.value)}
              />
            </Field>
            <Button appearance="primary" type="submit">
              Sign in
            </Button>
            <Text>
              No account? <Link href="#register">Create one</Link>
            </Text>
          </form>
        </Card>
      </main>
    </FluentProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignInCard />
  </StrictMode>,
);
