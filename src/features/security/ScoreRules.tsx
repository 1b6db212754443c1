import { SectionCard, CardDescription } from "../../components/ui/Card";
import { DataTable } from "../../components/ui/DataTable";
import type { SecurityScan } from "../../model/security/securityPage";

/**
 * How the Security Score is counted (#34): each rule, where it comes from, and
 * on how many of the scanned servers it passed; or, before any HTTPS check was
 * scanned, what the job will scan and how to get there.
 */
export function ScoreRules({ scan }: { scan: SecurityScan | null }) {
  if (scan === null || scan.score.judged === 0) {
    return (
      <SectionCard title="How the score is counted">
        <CardDescription>No HTTPS check has been scanned yet.</CardDescription>
        <CardDescription>
          Every https check in content/servers.json is also scanned by the check job (npm run check): its certificate, the TLS version and
          cipher agreed, and the security headers of its answer, each judged by Mozilla&apos;s Server Side TLS guidelines and HTTP
          Observatory tests. The score is then the share of those rules the servers pass.
        </CardDescription>
      </SectionCard>
    );
  }
  const { passed, judged, servers } = scan.score;
  return (
    <SectionCard
      title="How the score is counted"
      description={`The Security Score is the rules passed of those judged on each scanned server's last scan: ${passed} of ${judged}, on ${servers} ${servers === 1 ? "server" : "servers"}. A refused certificate is judged alone (nothing else can be read through it).`}
    >
      <DataTable
        label="The security rules"
        caption="Each rule and the servers that passed it on their last scan"
        heads={["Rule", "Reference", "Passed"]}
        rows={scan.rules
          .filter((rule) => rule.judged > 0)
          .map((rule) => (
            <tr key={rule.id}>
              <th scope="row">{rule.title}</th>
              <td>
                <a href={rule.reference} rel="noreferrer">
                  {rule.reference.includes("observatory") ? "HTTP Observatory" : "Server Side TLS"}
                </a>
              </td>
              <td>
                {rule.passed} of {rule.judged}
              </td>
            </tr>
          ))}
      />
    </SectionCard>
  );
}
