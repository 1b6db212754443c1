import type { ServerFilter } from "../../model/fleet/filters";
import type { ServerResult } from "../../model/fleet/serverQuery";
import { formatCount } from "../../domain/kernel/format";
import { Button } from "../ui/Button";
import { FilterBar } from "../ui/FilterBar";
import { TextField } from "../ui/TextField";
import { classed } from "../../styles/classed";
import * as styles from "./ServerFinder.module.css";

const STATUS_OPTIONS: ReadonlyArray<{ value: ServerFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "online", label: "Online" },
  { value: "warning", label: "Warning" },
  { value: "offline", label: "Offline" },
];

type SearchProps = {
  /** names the search field, e.g. 'Search servers' */
  label: string;
  text: string;
  onText: (text: string) => void;
};

/** The search field: name, location or IP. */
export function ServerSearch({ label, text, onText }: SearchProps) {
  return (
    <Search role="search" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label={label}
        type="search"
        value={text}
        placeholder="Name, location or IP"
        onChange={(event) => onText(event.target.value)}
      />
    </Search>
  );
}

/** The status buttons (All, Online, Warning, Offline). */
export function StatusFilterBar({
  label,
  status,
  onStatus,
}: {
  label: string;
  status: ServerFilter;
  onStatus: (status: ServerFilter) => void;
}) {
  return <FilterBar label={label} options={STATUS_OPTIONS} value={status} onChange={onStatus} />;
}

/** 'Showing 1–24 of 1,000 servers', or that nothing matches; read out politely when it changes. */
export function ResultLine({ result, text }: { result: ServerResult; text: string }) {
  let line: string;
  if (result.waiting) line = `Loading the list of all ${formatCount(result.total)} servers…`;
  else if (result.total === 0) line = text.trim() !== "" ? `No server matches “${text.trim()}”.` : "No server has this status.";
  else if (result.pages === 1) line = `Showing all ${formatCount(result.total)} ${result.total === 1 ? "server" : "servers"}.`;
  else line = `Showing ${formatCount(result.from)}–${formatCount(result.to)} of ${formatCount(result.total)} servers, problems first.`;
  return <Line role="status">{line}</Line>;
}

/** Previous and Next, with where the reader is; nothing when everything fits one page. */
export function Pager({ result, label, onPage }: { result: ServerResult; label: string; onPage: (page: number) => void }) {
  if (result.pages <= 1) return null;
  return (
    <Pages aria-label={label}>
      <Button $variant="outline" $size="sm" disabled={result.page <= 1} onClick={() => onPage(result.page - 1)}>
        Previous
      </Button>
      <span>
        Page {result.page} of {result.pages}
      </span>
      <Button $variant="outline" $size="sm" disabled={result.page >= result.pages} onClick={() => onPage(result.page + 1)}>
        Next
      </Button>
    </Pages>
  );
}

const Search = classed("form", styles.search);

const Line = classed("p", styles.line);

const Pages = classed("nav", styles.pages);
