import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../lib/login-messages';

// No client-side checks on the login fields beyond the blocked pair (spec part 1, section 5),
// so the form needs no schema; server field errors still land on the fields.
interface Values {
  username: string;
  password: string;
}

export interface LoginFormProps {
  /** Prefilled username (the re-login dialog). */
  defaultUsername?: string | null;
  /** Shows the username read-only with a SWITCH USER control. */
  offerSwitchUser?: boolean;
  onSuccess?: () => void;
}

export function LoginForm({ defaultUsername, offerSwitchUser = false, onSuccess }: LoginFormProps) {
  const loginMutation = useLogin();
  const [message, setMessage] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [usernameLocked, setUsernameLocked] = useState(offerSwitchUser && !!defaultUsername);
  const messageId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { username: defaultUsername ?? '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const outcome = await loginMutation.mutateAsync(values);
    if (outcome.kind === 'success') {
      onSuccess?.();
      return;
    }
    if (outcome.kind === 'invalid') {
      for (const [field, text] of Object.entries(outcome.fields)) {
        if (field === 'username' || field === 'password') setError(field, { type: 'server', message: text });
      }
    }
    setMessage(loginErrorMessage(outcome));
    setValue('password', '');
    setFocus('password');
  });

  const switchUser = () => {
    setUsernameLocked(false);
    setValue('username', '');
    setValue('password', '');
    setMessage(null);
    setTimeout(() => setFocus('username'), 0);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={message ? messageId : undefined}>
      <Stack spacing={2}>
        <TextField
          label="Username"
          autoComplete="username"
          autoFocus={!usernameLocked}
          slotProps={{
            htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, readOnly: usernameLocked },
          }}
          error={!!errors.username}
          helperText={errors.username?.message}
          {...register('username')}
        />
        {usernameLocked && (
          <Button variant="text" onClick={switchUser} sx={{ alignSelf: 'flex-end', mt: '4px !important' }}>
            SWITCH USER
          </Button>
        )}
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus={usernameLocked}
          error={!!errors.password}
          helperText={errors.password?.message}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShowPassword((s) => !s)}
                    edge="end"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-pressed={showPassword}
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
          {...register('password')}
        />
        {message && (
          <Alert severity="error" id={messageId} role="alert" data-testid="login-error">
            {message}
          </Alert>
        )}
        <Button type="submit" variant="contained" color="primary" size="large" fullWidth disabled={loginMutation.isPending}>
          Log In
        </Button>
      </Stack>
      <Backdrop open={loginMutation.isPending} sx={{ zIndex: (t) => t.zIndex.modal + 2, color: '#fff' }}>
        <CircularProgress color="inherit" aria-hidden />
        <VisuallyHidden>
          <span role="status">Logging in…</span>
        </VisuallyHidden>
      </Backdrop>
    </form>
  );
}
