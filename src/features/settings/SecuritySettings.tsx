import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { TextField } from "../../components/ui/TextField";
import { FormStack, SettingsGrid } from "./SettingsLayout";
import { classed } from "../../styles/classed";
import * as styles from "./SecuritySettings.module.css";

/**
 * The site has no sign-in (SPEC §6), so there is no password to change and no
 * second factor to add. The controls are shown, switched off, with the reason,
 * rather than pretending to save.
 */
export function SecuritySettings() {
  return (
    <SettingsGrid>
      <SectionCard
        title="Password"
        description={<span id="no-accounts">This site has no sign-in yet, so there is no password to change.</span>}
      >
        <FormStack onSubmit={(e) => e.preventDefault()} aria-describedby="no-accounts">
          <Fields disabled>
            <TextField label="Current Password" type="password" autoComplete="current-password" />
            <TextField label="New Password" type="password" autoComplete="new-password" />
            <TextField label="Confirm New Password" type="password" autoComplete="new-password" />
            <div>
              <Button type="submit">Update Password</Button>
            </div>
          </Fields>
        </FormStack>
      </SectionCard>
      <SectionCard title="Two-Factor Authentication">
        <SwitchField
          label="Two-Factor Authentication"
          description="Available once the site has sign-in."
          checked={false}
          onCheckedChange={() => undefined}
          disabled
        />
      </SectionCard>
    </SettingsGrid>
  );
}

const Fields = classed("fieldset", styles.fields);
