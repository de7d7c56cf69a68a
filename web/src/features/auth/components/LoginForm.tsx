import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { logInAndStart } from '../api/login';
import { loginErrorMessage } from '../lib/login-messages';

// No client-side checks on the login fields beyond the blocked pair (spec part 1, section 5),
// so the form needs no form library: two fields in plain state. Server field errors still land
// on the fields. The fields are MUI's outlined text field put together from its parts (what
// TextField renders), without TextField's select support, which the login page does not need.
type Field = 'username' | 'password';

export interface LoginFormProps {
  /** Prefilled username (the re-login dialog). */
  defaultUsername?: string | null;
  /** Shows the username read-only with a SWITCH USER control. */
  offerSwitchUser?: boolean;
  onSuccess?: () => void;
}

interface LoginFieldProps extends Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'endAdornment' | 'inputProps'> {
  label: string;
  name: Field;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
}

/** An outlined text field: label, input and helper text tied together by ids, as TextField does (with the theme's TextField defaults: secondary colour, full width). */
function LoginField({ label, name, value, error, onChange, inputRef, ...input }: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" color="secondary" fullWidth error={!!error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputRef={inputRef}
        aria-describedby={error ? helperId : undefined}
        {...input}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}

export function LoginForm({ defaultUsername, offerSwitchUser = false, onSuccess }: LoginFormProps) {
  const [username, setUsername] = useState(defaultUsername ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [usernameLocked, setUsernameLocked] = useState(offerSwitchUser && !!defaultUsername);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const messageId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setMessage(null);
    setErrors({});
    setPending(true);
    const outcome = await logInAndStart({ username, password });
    setPending(false);
    if (outcome.kind === 'success') {
      onSuccess?.();
      return;
    }
    if (outcome.kind === 'invalid') {
      const fields: Partial<Record<Field, string>> = {};
      for (const [field, text] of Object.entries(outcome.fields)) {
        if (field === 'username' || field === 'password') fields[field] = text;
      }
      setErrors(fields);
    }
    setMessage(loginErrorMessage(outcome));
    setPassword('');
    passwordRef.current?.focus();
  };

  const switchUser = () => {
    setUsernameLocked(false);
    setUsername('');
    setPassword('');
    setMessage(null);
    setTimeout(() => usernameRef.current?.focus(), 0);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={message ? messageId : undefined}>
      <Stack spacing={2}>
        <LoginField
          label="Username"
          name="username"
          value={username}
          onChange={setUsername}
          error={errors.username}
          inputRef={usernameRef}
          autoComplete="username"
          autoFocus={!usernameLocked}
          inputProps={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, readOnly: usernameLocked }}
        />
        {usernameLocked && (
          <Button variant="text" onClick={switchUser} sx={{ alignSelf: 'flex-end', mt: '4px !important' }}>
            SWITCH USER
          </Button>
        )}
        <LoginField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          value={password}
          onChange={setPassword}
          error={errors.password}
          inputRef={passwordRef}
          autoComplete="current-password"
          autoFocus={usernameLocked}
          endAdornment={
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
          }
        />
        {message && (
          <Alert severity="error" id={messageId} role="alert" data-testid="login-error">
            {message}
          </Alert>
        )}
        <Button type="submit" variant="contained" color="primary" size="large" fullWidth disabled={pending}>
          Log In
        </Button>
      </Stack>
      <Backdrop open={pending} sx={{ zIndex: (t) => t.zIndex.modal + 2, color: '#fff' }}>
        <CircularProgress color="inherit" aria-hidden />
        <VisuallyHidden>
          <span role="status">Logging in…</span>
        </VisuallyHidden>
      </Backdrop>
    </form>
  );
}
