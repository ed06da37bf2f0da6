/**
 * Picks a student by name (issue 14: completing a bounty, an award): the active profiles of the public list,
 * the admin's own excluded, sorted by name.
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { shortAddress } from "../../ui/short-address";
import { callApi } from "../api-client";

export const studentsQueryOptions = () =>
  queryOptions({ queryKey: ["students"], queryFn: () => callApi(profileEndpoints.list), staleTime: 30_000 });

export function StudentSelect({
  id,
  value,
  onChange,
  adminWallet,
}: {
  id: string;
  value: string;
  onChange: (wallet: string) => void;
  adminWallet: string;
}) {
  const query = useQuery(studentsQueryOptions());
  const students = (query.data ?? [])
    .filter((p) => p.wallet.toLowerCase() !== adminWallet.toLowerCase())
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)} required>
      <option value="">{query.isPending ? "Loading students…" : "Choose a student…"}</option>
      {students.map((p) => (
        <option key={p.wallet} value={p.wallet}>
          {p.name} ({shortAddress(p.wallet)})
        </option>
      ))}
    </select>
  );
}
