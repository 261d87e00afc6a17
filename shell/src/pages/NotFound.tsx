import { Link } from '@val/ui/router';
import { Container, Muted, Section } from '@val/ui';

export function NotFound() {
  return (
    <Section>
      <Container style={{ textAlign: 'center' }}>
        <h1>404 Page Not Found</h1>
        <Muted>The page you are looking for does not exist or has moved.</Muted>
        <Link to="/">Back to home</Link>
      </Container>
    </Section>
  );
}
