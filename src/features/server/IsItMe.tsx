import { useState } from "react";
import { Button } from "../../components/ui/Button";
import type { FigureSource } from "../../domain/kernel/types";

/**
 * "Is it me?" (#50): a button that asks the server from the reader's browser
 * and says whether it answers from here and from the site's checks. Its code
 * and words load on the click (state/askFromHere.ts, model/server/isItMe.ts).
 */
export function IsItMe({ url, name, status, source }: { url: string; name: string; status: string; source: FigureSource }) {
  const [said, setSaid] = useState("");
  const ask = () => {
    setSaid("Asking from your browser…");
    import("../../state/askFromHere")
      .then((m) => m.isItMe(url, name, status, source))
      .then(setSaid, () => setSaid("It could not load: reload the page to try again."));
  };
  return (
    <>
      <Button $variant="outline" $size="sm" onClick={ask}>
        Is it me? Ask it from here
      </Button>
      <div role="status">{said}</div>
    </>
  );
}
