import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Logo } from '@/components/Logo';
import type { HelpInfo } from '@/api/help/get-help';
import { usePublicHelp } from '@/api/help/use-public-help';
import { contactLines, HELP_TEXT } from '@/components/help/help-lines';
import { COPYRIGHT_HOLDER } from '@/config';
import { APP_NAME, APP_VERSION } from '@/lib/constants';
import { clearStoredLogoutMessage, storedLogoutMessage, useSession } from '@/lib/session';
import { LoginForm } from '../components/LoginForm';
import { sessionMessageTone } from '../lib/login-messages';

// The help behind 'Having trouble logging in?' loads when first asked for.
const TroubleDialog = lazy(() => import('../components/TroubleDialog').then((m) => ({ default: m.TroubleDialog })));

/**
 * The login screen's help links (spec part 1, 'Login screen'), from the practice's help
 * (GET /api/help, public): 'HelpDesk', the website and the US support line; a link the
 * practice has not set is left out, and nothing shows until the answer is in.
 */
function HelpLinks({ data }: { data: HelpInfo | null }) {
  if (!data) return null;
  const contact = contactLines(data);
  const links = [
    ...(data.helpDeskUrl.trim() ? [{ key: 'helpDesk', label: HELP_TEXT.helpDesk, href: data.helpDeskUrl.trim(), external: true }] : []),
    ...contact.filter((l) => l.key === 'website' || l.key === 'supportUs').map((l) => ({ key: l.key, label: l.key === 'supportUs' ? `Call ${l.label}` : l.label, href: l.href, external: l.external })),
  ];
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label="Help">
      <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 1 }}>
        {links.map((l) => (
          <Link key={l.key} href={l.href} {...(l.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} sx={{ py: 1.25 }}>
            {l.label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}

/** /login (spec part 1, section 2, "Login screen"). */
export default function LoginPage() {
  const session = useSession();
  // The previous session's message is shown once: read now, removed from storage after the first paint.
  const [previousMessage] = useState(storedLogoutMessage);
  const [troubleOpen, setTroubleOpen] = useState(false);
  const [troubleAsked, setTroubleAsked] = useState(false);
  const help = usePublicHelp();

  useEffect(() => {
    document.title = `Log In - ${APP_NAME}`;
    clearStoredLogoutMessage();
  }, []);

  // A login always lands on '/', which goes to the user's Default View: no page of an earlier
  // session (kept in history state or the address) is ever carried over (spec: the last page
  // is cleared at logout).
  if (session.status === 'authenticated') return <Navigate to="/" replace />;

  const tone = previousMessage ? sessionMessageTone(previousMessage) : null;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: { xs: 0, sm: 3 },
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: { sm: 420 },
          p: { xs: 3, sm: 4 },
          borderRadius: { xs: 0, sm: 2 },
          border: { sm: 1 },
          borderColor: { sm: 'divider' },
        }}
      >
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <Logo size={48} />
            <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
              {APP_NAME}
            </Typography>
          </Stack>
          {previousMessage && tone === 'neutral' && (
            <Alert severity="info" icon={false} role="status" data-testid="session-message" sx={{ bgcolor: 'grey.100', color: 'text.primary' }}>
              {previousMessage}
            </Alert>
          )}
          {previousMessage && tone === 'error' && (
            <Alert severity="error" role="alert" data-testid="session-message">
              {previousMessage}
            </Alert>
          )}
          <LoginForm />
          <Button variant="text" onClick={() => {
              setTroubleAsked(true);
              setTroubleOpen(true);
            }} sx={{ alignSelf: 'center' }}>
            Having trouble logging in?
          </Button>
          <HelpLinks data={help.help} />
          <Box component="footer" sx={{ textAlign: 'center' }}>
            <Typography variant="body2" color="textSecondary">
              Version {APP_VERSION}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              © {new Date().getFullYear()} {COPYRIGHT_HOLDER}. All rights reserved.
            </Typography>
          </Box>
        </Stack>
      </Paper>
      {troubleAsked && (
        <Suspense fallback={null}>
          <TroubleDialog open={troubleOpen} onClose={() => setTroubleOpen(false)} help={help} />
        </Suspense>
      )}
    </Box>
  );
}
