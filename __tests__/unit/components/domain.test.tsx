import { screen, render } from "@testing-library/react";
import { StatusBadge } from "../../../src/components/domain/StatusBadge";

describe("StatusBadge", () => {
  it.each([
    ["online", "Online", "default"],
    ["warning", "Warning", "secondary"],
    ["offline", "Offline", "destructive"],
    ["maintenance", "Maintenance", "outline"],
    ["", "Unknown", "outline"],
  ])("%j reads %j with the %s look", (status, label, variant) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute("data-variant", variant);
  });
});
