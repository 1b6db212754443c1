import { useState, type FormEvent } from "react";
import { checkEmail, checkName, checkRefreshInterval, REFRESH_INTERVAL_MAX_S, REFRESH_INTERVAL_MIN_S } from "../../model/shell/settings";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { TextField } from "../../components/ui/TextField";
import { useSettings } from "../../state/SettingsProvider";
import { useHydrated } from "../../components/ui/useHydrated";
import { readerZone } from "../../domain/kernel/format";
import { FormActions, FormStack, SavedNote, SettingsGrid } from "./SettingsLayout";
import { useDraft } from "./useDraft";
import { useSaveNote } from "./useSaveNote";

/** Profile (saved with Save Changes) and application settings (applied at once). */
export function GeneralSettings() {
  const [settings, store] = useSettings();
  // The reader's zone is the browser's: never the build machine's, in the static HTML.
  const zone = useHydrated() ? readerZone() : null;
  const [firstName, setFirstName] = useDraft(settings.firstName);
  const [lastName, setLastName] = useDraft(settings.lastName);
  const [email, setEmail] = useDraft(settings.email);
  const [errors, setErrors] = useState<Partial<Record<"firstName" | "lastName" | "email", string>>>({});
  const [interval, setIntervalText] = useDraft(String(settings.refreshInterval));
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const profileNote = useSaveNote();
  const intervalNote = useSaveNote();

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    const first = checkName(firstName, "First name");
    const last = checkName(lastName, "Last name");
    const address = checkEmail(email);
    const next = {
      firstName: first.ok ? undefined : first.message,
      lastName: last.ok ? undefined : last.message,
      email: address.ok ? undefined : address.message,
    };
    setErrors(next);
    if (!first.ok || !last.ok || !address.ok) return;
    profileNote.report("Profile", store.update({ firstName: first.value, lastName: last.value, email: address.value }));
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
      <SectionCard title="Profile Settings">
        <FormStack onSubmit={saveProfile} noValidate>
          <TextField
            label="First Name"
            autoComplete="given-name"
            value={firstName}
            error={errors.firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            value={lastName}
            error={errors.lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormActions>
            <Button type="submit">Save Changes</Button>
            <SavedNote role="status">{profileNote.note}</SavedNote>
          </FormActions>
        </FormStack>
      </SectionCard>
      <SectionCard title="Application Settings" description="Applied at once and kept in this browser.">
        <SwitchField
          label="Dark Mode"
          description="Use the dark colour theme."
          checked={settings.darkMode}
          onCheckedChange={(v) => store.update({ darkMode: v })}
        />
        <SwitchField
          label="Times in UTC"
          description={`Show every time in UTC. Off: in your time zone${zone ? ` (${zone})` : ""}, with its offset named next to it.`}
          checked={settings.utcTimes}
          onCheckedChange={(v) => store.update({ utcTimes: v })}
        />
        <SwitchField
          label="Auto-refresh"
          description="Update the servers' figures on a timer: the simulation, and the status feed when there is one."
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
      </SectionCard>
    </SettingsGrid>
  );
}
