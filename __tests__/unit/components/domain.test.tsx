import { screen } from "@testing-library/react";
import { StatusBadge } from "../../../src/components/domain/StatusBadge";
import { renderWithTheme } from "../renderWithProviders";

describe("StatusBadge", () => {
  it.each([
    ["online", "Online", "default"],
    ["warning", "Warning", "secondary"],
    ["offline", "Offline", "destructive"],
    ["maintenance", "Maintenance", "outline"],
    ["", "Unknown", "outline"],
  ])("%j reads %j with the %s look", (status, label, variant) => {
    renderWithTheme(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute("data-variant", variant);
  });
});
