import { useState } from "react";
import { Button } from "../../components/ui/Button";
import type { Server } from "../../domain/kernel/types";

const ASKING = "Asking from your browser…";

/**
 * "Is it me?" (#50): a button that asks the server from the reader's browser
 * and says whether it answers from here and from the site's checks. Its code
 * and words load on the click (state/askFromHere.ts, model/server/isItMe.ts);
 * a click while asking asks nothing more.
 */
export function IsItMe({ url, server }: { url: string; server: Server }) {
  const [said, setSaid] = useState("");
  const ask = () => {
    if (said === ASKING) return;
    setSaid(ASKING);
    import("../../state/askFromHere")
      .then((m) => m.isItMe(url, server))
      .then(setSaid, () => setSaid("It could not load: reload the page to try again."));
  };
  return (
    <>
      <Button $variant="outline" $size="sm" aria-disabled={said === ASKING} onClick={ask}>
        Is it me? Ask it from here
      </Button>
      <div role="status">{said}</div>
    </>
  );
}
