import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@/lib/messages';
import { logout } from '../session/actions';

interface Props {
  children: ReactNode;
  /** A change (the path) clears the error, so navigating away recovers. */
  resetKey?: string;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey?: string;
}

/** What the error screen says about a thrown value: name and message, or 'Unknown error type' and the data. */
export function describeError(error: unknown): { title: string; detail: string } {
  if (error instanceof Error) return { title: error.name, detail: error.message };
  let detail: string;
  try {
    detail = typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
  } catch {
    detail = String(error);
  }
  return { title: MESSAGES.unknownErrorType, detail };
}

/** The general error screen 'An Error Occured' (spec part 1, section 2). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Names and messages only: never the data of a patient.
    console.error('Render error', error instanceof Error ? error.name : typeof error, info.componentStack?.split('\n')[1]?.trim());
  }

  private goHome = () => {
    this.setState({ hasError: false, error: null });
    window.location.assign(import.meta.env.BASE_URL);
  };

  private reload = () => window.location.reload();

  private logOut = () => {
    logout();
    window.location.assign(`${import.meta.env.BASE_URL}login`);
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    const { title, detail } = describeError(this.state.error);
    return (
      <Box role="alert" sx={{ p: { xs: 2, sm: 4 }, display: 'flex', justifyContent: 'center' }}>
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560, width: '100%' }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <ErrorOutline color="error" aria-hidden />
              <Typography variant="h5" component="h2">
                {MESSAGES.errorOccured}
              </Typography>
            </Stack>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            <Typography color="textSecondary" sx={{ wordBreak: 'break-word' }}>
              {detail}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" color="primary" onClick={this.goHome}>
                Go Home
              </Button>
              <Button variant="outlined" onClick={this.reload}>
                Reload
              </Button>
              <Button variant="outlined" onClick={this.logOut}>
                Log Out
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Box>
    );
  }
}
