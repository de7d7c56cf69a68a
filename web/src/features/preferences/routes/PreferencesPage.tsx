import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiRequestError } from '@/api/errors';
import { usePreferences } from '@/api/preferences/get-preferences';
import type { PreferenceKey, Preferences } from '@/api/preferences/model';
import { useSavePreference } from '@/api/preferences/save-preference';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { useToast } from '@/components/toast';
import { AUTO_LOGOUT_CHOICES } from '@/lib/constants';
import { DEFAULT_VIEWS } from '@/lib/default-view';
import { countOf } from '@/lib/format';
import { PreferenceSwitch } from '../components/PreferenceSwitch';

const OVERLAID = new Set([400, 401, 404]);


/** /preferences: each change is saved to the server at once and applied immediately. */
export default function PreferencesPage() {
  usePageTitle('Preferences');
  const preferences = usePreferences();
  const save = useSavePreference();
  const toast = useToast();
  const [errors, setErrors] = useState<Partial<Record<PreferenceKey, string>>>({});

  function update<K extends PreferenceKey>(key: K, value: Preferences[K]) {
    setErrors((e) => ({ ...e, [key]: undefined }));
    save.mutate(
      { key, update: value },
      {
        onSuccess: () => toast('Preference saved'),
        onError: (error) => {
          const fieldMessage = error instanceof ApiRequestError ? (error.fields.update ?? error.fields[key]) : undefined;
          if (fieldMessage) setErrors((e) => ({ ...e, [key]: fieldMessage }));
          // 400/401/404 already open the API Error overlay; anything else gets a toast.
          if (!(error instanceof ApiRequestError && OVERLAID.has(error.status))) {
            toast(error instanceof ApiRequestError ? error.message : 'The preference could not be saved. Please try again.', 'error');
          }
        },
      },
    );
  }

  const autoLogoutChoices: number[] = AUTO_LOGOUT_CHOICES.includes(preferences.autoLogout as (typeof AUTO_LOGOUT_CHOICES)[number])
    ? [...AUTO_LOGOUT_CHOICES]
    : [...AUTO_LOGOUT_CHOICES, preferences.autoLogout].sort((a, b) => a - b);
  const viewKnown = DEFAULT_VIEWS.some((v) => v.value === preferences.defaultView);

  return (
    <PageContainer maxWidth="sm">
      <Stack spacing={2}>
        <Card variant="outlined" component="section" aria-labelledby="pref-general">
          <CardContent>
            <Typography id="pref-general" variant="h6" component="h2" gutterBottom>
              General
            </Typography>
            <Stack spacing={3} sx={{ pt: 1 }}>
              <TextField
                select
                id="pref-default-view"
                label="Default View"
                value={viewKnown ? preferences.defaultView : 0}
                onChange={(e) => update('defaultView', Number(e.target.value))}
                error={!!errors.defaultView}
                helperText={errors.defaultView ?? 'The screen shown after logging in'}
              >
                {DEFAULT_VIEWS.map((v) => (
                  <MenuItem key={v.value} value={v.value}>
                    {v.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                id="pref-auto-logout"
                label="Auto Logout"
                value={preferences.autoLogout}
                onChange={(e) => update('autoLogout', Number(e.target.value))}
                error={!!errors.autoLogout}
                helperText={errors.autoLogout ?? 'Log out after this long without activity'}
              >
                {autoLogoutChoices.map((n) => (
                  <MenuItem key={n} value={n}>
                    {countOf(n, 'minute')}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="pref-schedule">
          <CardContent>
            <Typography id="pref-schedule" variant="h6" component="h2">
              Schedule
            </Typography>
            <PreferenceSwitch
              label="Appointment Colors"
              description="Color appointments by type and status"
              checked={preferences.apptColors}
              onChange={(v) => update('apptColors', v)}
              error={errors.apptColors}
            />
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="pref-billing">
          <CardContent>
            <Typography id="pref-billing" variant="h6" component="h2">
              Billing Order
            </Typography>
            <PreferenceSwitch
              label="Diagnosis Codes"
              description="Add diagnosis codes to charges"
              checked={preferences.allowDx}
              onChange={(v) => update('allowDx', v)}
              error={errors.allowDx}
            />
            <Divider />
            <PreferenceSwitch
              label="Modifiers"
              description="Add modifiers to procedures"
              checked={preferences.allowModifiers}
              onChange={(v) => update('allowModifiers', v)}
              error={errors.allowModifiers}
            />
            <Divider />
            <PreferenceSwitch
              label="Tooth and Surface"
              description="Record the tooth and surface of procedures"
              checked={preferences.allowToothSurface}
              onChange={(v) => update('allowToothSurface', v)}
              error={errors.allowToothSurface}
            />
          </CardContent>
        </Card>
      </Stack>
    </PageContainer>
  );
}
