import { Link } from "gatsby";
import { UPCOMING_DAYS } from "../../domain/incidents/statusNotices";
import { AlertTime } from "../../components/domain/AlertTime";
import { NoticeServers } from "../../components/domain/NoticeServers";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList, ItemMeta } from "../../components/ui/ItemList";
import { useNow } from "../../components/ui/useNow";
import { useNoticesNow } from "../../state/useNotices";

/** The maintenance that starts within a week (the browser's clock once live, the build's in the static HTML); nothing when none does. */
export function UpcomingMaintenance() {
  const { upcoming } = useNoticesNow(useNow());
  if (upcoming.length === 0) return null;
  return (
    <SectionCard
      title="Upcoming maintenance"
      description={`Planned work in the next ${UPCOMING_DAYS} days: the servers are still checked and raise no alarm.`}
      aside={<Link to="/incidents#maintenance">All scheduled maintenance</Link>}
    >
      <ItemList>
        {upcoming.map((window) => (
          <Item key={`${window.id} ${window.start}`}>
            <div>
              <strong>{window.title}</strong>
              <ItemMeta>
                <span>
                  <AlertTime timestamp={window.start} /> to <AlertTime timestamp={window.end} />
                </span>
                <NoticeServers servers={window.affected} />
              </ItemMeta>
            </div>
          </Item>
        ))}
      </ItemList>
    </SectionCard>
  );
}
