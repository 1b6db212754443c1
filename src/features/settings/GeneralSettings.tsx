import { useEffect, useState, type FormEvent } from "react";
import { checkEmail, checkName, checkRefreshInterval, REFRESH_INTERVAL_MAX_S, REFRESH_INTERVAL_MIN_S } from "../../model/settings";
import { Button } from "../../components/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { TextField } from "../../components/ui/TextField";
import { useSettings } from "../../state/SettingsProvider";
import { FormActions, FormStack, SavedNote, SettingsGrid } from "./SettingsLayout";
import { useSaveNote } from "./useSaveNote";

/** Profile (saved with Save Changes) and application settings (applied at once). */
export function GeneralSettings() {
  const [settings, store] = useSettings();
  const [profile, setProfile] = useState({ firstName: settings.firstName, lastName: settings.lastName, email: settings.email });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof profile, string>>>({});
  const [interval, setIntervalText] = useState(String(settings.refreshInterval));
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const profileNote = useSaveNote();
  const intervalNote = useSaveNote();

  // Stored values arrive after hydration (and from other tabs).
  useEffect(
    () => setProfile({ firstName: settings.firstName, lastName: settings.lastName, email: settings.email }),
    [settings.firstName, settings.lastName, settings.email],
  );
  useEffect(() => setIntervalText(String(settings.refreshInterval)), [settings.refreshInterval]);

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    const first = checkName(profile.firstName, "First name");
    const last = checkName(profile.lastName, "Last name");
    const email = checkEmail(profile.email);
    const next = {
      firstName: first.ok ? undefined : first.message,
      lastName: last.ok ? undefined : last.message,
      email: email.ok ? undefined : email.message,
    };
    setErrors(next);
    if (!first.ok || !last.ok || !email.ok) return;
    profileNote.report("Profile", store.update({ firstName: first.value, lastName: last.value, email: email.value }));
  };

  const applyInterval = () => {
    const result = checkRefreshInterval(interval);
    if (!result.ok) {
      setIntervalError(result.message);
      return;
    }
    setIntervalError(null);
    if (result.value !== settings.refreshInterval) intervalNote.report("Refresh interval", store.update({ refreshInterval: result.value }));
  };

  return (
    <SettingsGrid>
      <Card aria-labelledby="profile-title">
        <CardHeader>
          <CardTitle id="profile-title">Profile Settings</CardTitle>
        </CardHeader>
        <CardContent>
          <FormStack onSubmit={saveProfile} noValidate>
            <TextField
              label="First Name"
              autoComplete="given-name"
              value={profile.firstName}
              error={errors.firstName}
              onChange={(e) => setProfile({ ...profile, firstName: e.target.value })}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              value={profile.lastName}
              error={errors.lastName}
              onChange={(e) => setProfile({ ...profile, lastName: e.target.value })}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
              value={profile.email}
              error={errors.email}
              onChange={(e) => setProfile({ ...profile, email: e.target.value })}
            />
            <FormActions>
              <Button type="submit">Save Changes</Button>
              <SavedNote role="status">{profileNote.note}</SavedNote>
            </FormActions>
          </FormStack>
        </CardContent>
      </Card>
      <Card aria-labelledby="application-title">
        <CardHeader>
          <div>
            <CardTitle id="application-title">Application Settings</CardTitle>
            <CardDescription>Applied at once and kept in this browser.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <SwitchField
            label="Dark Mode"
            description="Use the dark colour theme."
            checked={settings.darkMode}
            onCheckedChange={(v) => store.update({ darkMode: v })}
          />
          <SwitchField
            label="Auto-refresh"
            description="Update the simulated server values on a timer."
            checked={settings.autoRefresh}
            onCheckedChange={(v) => store.update({ autoRefresh: v })}
          />
          <FormStack
            onSubmit={(e) => {
              e.preventDefault();
              applyInterval();
            }}
            noValidate
          >
            <TextField
              label="Refresh Interval (seconds)"
              type="number"
              inputMode="numeric"
              min={REFRESH_INTERVAL_MIN_S}
              max={REFRESH_INTERVAL_MAX_S}
              step={1}
              value={interval}
              hint={`From ${REFRESH_INTERVAL_MIN_S} to ${REFRESH_INTERVAL_MAX_S} seconds. Applied when you leave the field or press Enter.`}
              error={intervalError}
              onChange={(e) => setIntervalText(e.target.value)}
              onBlur={applyInterval}
            />
            <SavedNote role="status">{intervalNote.note}</SavedNote>
          </FormStack>
        </CardContent>
      </Card>
    </SettingsGrid>
  );
}
