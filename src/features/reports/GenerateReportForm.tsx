import { withPrefix } from "gatsby";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { notify } from "../../components/ui/notify";
import { CODE_NOT_LOADED } from "../../components/domain/workbookMessages";
import { useWorkbookExport } from "../../components/domain/useWorkbookExport";
import { useSiteMetadata } from "../../components/layout/useSiteMetadata";
import { historyApiPath } from "../../publish/historyData";
import { checkPeriodForm, defaultPeriod, periodLimits, type PeriodProblems } from "../../model/reports/periodForm";
import { loadHistoryIndex, loadPublishedData } from "../../state/publishedData";
import { classed } from "../../styles/classed";
import * as styles from "./GenerateReportForm.module.css";

type Index = Awaited<ReturnType<typeof loadHistoryIndex>>;
type Kind = "period" | "status";
type Format = "xlsx" | "json";

/**
 * Generate Report's form (#33), loaded when the dialog first opens: an
 * availability report over the days and servers the reader picks, made in the
 * export's worker from each server's published daily history, as a workbook or
 * JSON; or, as before, the current status and alerts as a workbook. Every field
 * is checked before anything is made, each problem said beside its field.
 */
export default function GenerateReportForm() {
  const { title: siteName } = useSiteMetadata();
  const [index, setIndex] = useState<Index | "loading" | Error>("loading");
  const [kind, setKind] = useState<Kind>("period");
  const [days, setDays] = useState({ from: "", to: "" });
  const [which, setWhich] = useState<"all" | "chosen">("all");
  const [chosen, setChosen] = useState<string[]>([]);
  const [format, setFormat] = useState<Format>("xlsx");
  const [problems, setProblems] = useState<PeriodProblems>({});
  const [busy, setBusy] = useState(false);
  const status = useWorkbookExport(loadPublishedData);
  const ids = useId();
  const fromField = useRef<HTMLInputElement>(null);
  const toField = useRef<HTMLInputElement>(null);
  const serversField = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    let live = true;
    loadHistoryIndex().then(
      (loaded) => {
        if (!live) return;
        setIndex(loaded);
        if (loaded.asOf && loaded.servers.length > 0) setDays(defaultPeriod(loaded.asOf));
        else setKind("status");
      },
      (error: unknown) => {
        if (!live) return;
        console.error("The histories' list could not be loaded:", error);
        setIndex(error instanceof Error ? error : new Error(String(error)));
        setKind("status");
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const ready = typeof index === "object" && !(index instanceof Error) ? index : null;
  const measured = ready !== null && ready.asOf !== null && ready.servers.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || status.exporting || index === "loading") return;
    if (kind === "status") {
      await status.run();
      return;
    }
    if (!ready?.asOf) return;
    const checked = checkPeriodForm({ ...days, which, chosen }, ready.asOf);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) {
      // the first field to mend has the focus, its message read with it
      const { problems: found } = checked;
      (found.from ? fromField : found.to ? toField : serversField).current?.focus();
      return;
    }
    const servers = (which === "all" ? ready.servers : ready.servers.filter((s) => chosen.includes(s.server))).map((s) => ({
      server: s.server,
      name: s.name,
      url: withPrefix(historyApiPath(s.server)),
    }));
    setBusy(true);
    try {
      const { exportPeriod } = await import("../../components/domain/exportWorkbook").catch((error: unknown) => {
        throw new Error(CODE_NOT_LOADED, { cause: error });
      });
      const { asOf, intervalMs, causedDowntime } = ready;
      await exportPeriod({ servers, from: checked.from, to: checked.to, asOf, intervalMs, causedDowntime, format, siteName });
      notify.success("Report Exported", format === "xlsx" ? "Excel file downloaded successfully" : "JSON file downloaded successfully");
    } catch (error) {
      console.error("Report failed:", error);
      notify.error("Report failed", `The report could not be made: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const limits = ready?.asOf ? periodLimits(ready.asOf) : null;
  // Nothing to make until the list has come (or failed): the button says so.
  const working = busy || status.exporting || index === "loading";
  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-busy={working}>
      <Group>
        <legend>Report</legend>
        <Choice>
          <input
            type="radio"
            name="kind"
            value="period"
            checked={kind === "period"}
            disabled={!measured}
            onChange={() => setKind("period")}
          />
          Availability over days you pick, from what the check job measured
        </Choice>
        <Choice>
          <input type="radio" name="kind" value="status" checked={kind === "status"} onChange={() => setKind("status")} />
          The current status of every server and its alerts (Excel)
        </Choice>
        {index === "loading" ? <Note role="status">Loading the checked servers…</Note> : null}
        {index instanceof Error ? (
          <Problem role="alert">
            The list of measured histories could not be loaded ({index.message}); the current status can still be downloaded.
          </Problem>
        ) : null}
        {ready && !measured ? <Note>No server has a measured history yet: the check job has not run for this site.</Note> : null}
      </Group>

      {kind === "period" && ready?.asOf && limits ? (
        <>
          <Days>
            <TextField
              ref={fromField}
              label="First day (UTC)"
              hint={`From ${limits.first}: the history keeps 400 days.`}
              type="date"
              value={days.from}
              min={limits.first}
              max={limits.last}
              onChange={(e) => setDays({ ...days, from: e.target.value })}
              error={problems.from ?? null}
            />
            <TextField
              ref={toField}
              label="Last day (UTC)"
              hint={`Up to ${limits.last}, the newest check (${ready.asOf.slice(11, 16)} UTC).`}
              type="date"
              value={days.to}
              min={limits.first}
              max={limits.last}
              onChange={(e) => setDays({ ...days, to: e.target.value })}
              error={problems.to ?? null}
            />
          </Days>
          <Group>
            <legend>Servers</legend>
            <Choice>
              <input type="radio" name="which" value="all" checked={which === "all"} onChange={() => setWhich("all")} />
              All {ready.servers.length} checked servers
            </Choice>
            <Choice>
              <input type="radio" name="which" value="chosen" checked={which === "chosen"} onChange={() => setWhich("chosen")} />
              Only those chosen below
            </Choice>
            <label htmlFor={`${ids}-servers`}>Servers to report on</label>
            <List
              ref={serversField}
              id={`${ids}-servers`}
              multiple
              size={Math.min(8, Math.max(3, ready.servers.length))}
              value={chosen}
              disabled={which !== "chosen"}
              aria-invalid={problems.servers ? true : undefined}
              aria-describedby={problems.servers ? `${ids}-servers-problem` : undefined}
              onChange={(e) => setChosen([...e.target.selectedOptions].map((o) => o.value))}
            >
              {ready.servers.map((s) => (
                <option key={s.server} value={s.server}>
                  {s.name}
                </option>
              ))}
            </List>
            {problems.servers ? (
              <Problem id={`${ids}-servers-problem`} role="alert">
                {problems.servers}
              </Problem>
            ) : null}
          </Group>
          <Group>
            <legend>Format</legend>
            <Choice>
              <input type="radio" name="format" value="xlsx" checked={format === "xlsx"} onChange={() => setFormat("xlsx")} />
              Excel workbook (.xlsx)
            </Choice>
            <Choice>
              <input type="radio" name="format" value="json" checked={format === "json"} onChange={() => setFormat("json")} />
              JSON (.json): the same figures as data
            </Choice>
          </Group>
        </>
      ) : null}

      <Actions>
        <Button type="submit" aria-disabled={working || undefined}>
          {busy || status.exporting ? "Making the report…" : "Generate"}
        </Button>
      </Actions>
    </Form>
  );
}

const Form = classed("form", styles.form);
const Group = classed("fieldset", styles.group);
const Choice = classed("label", styles.choice);
const Days = classed("div", styles.days);
const List = classed("select", styles.list);
const Note = classed("p", styles.note);
const Problem = classed("p", styles.problem);
const Actions = classed("div", styles.actions);
