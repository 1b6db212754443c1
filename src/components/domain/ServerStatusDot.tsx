import { statusPulses, statusTone } from "../../domain/kernel/status";
import { StatusDot } from "../ui/StatusDot";

/** A server's status as a dot: its colour, pulsing when online or offline. Say the status in text beside it. */
export function ServerStatusDot({ status, size }: { status: string; size?: number }) {
  return <StatusDot tone={statusTone(status)} pulse={statusPulses(status)} size={size} />;
}
