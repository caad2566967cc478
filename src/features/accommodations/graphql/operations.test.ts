// The area's GraphQL operations against the real embedded backend (seeded demo data, the
// product's metadata and permissions), sent through Apollo as a member, a property manager and
// an owner would send them. Also pins how database constraint errors reach the forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import type { RunningBackend } from '../../../../backend/server';
import { startTestBackend } from '../../../../tests/helpers/backend';
import { resolveRate } from '@/domain/ratePricing';
import { touristTaxForStay } from '@/domain/touristTax';
import { buildTypePolicies } from '@/lib/apollo/typePolicies';
import { isForeignKeyViolation, violationOf } from '@/lib/apollo/errors';
import { InsertAccommodationFileDocument } from './insertAccommodationFile.generated';
import { DeleteAccommodationFileDocument } from './deleteAccommodationFile.generated';
import { ReorderAccommodationFilesDocument } from './reorderAccommodationFiles.generated';
import { accommodationOrderBy, accommodationWhere, EMPTY_FILTERS } from '../listQuery';
import { newAccommodationColumns, ratesToDomain, rateToObject, taxRangesToDomain, unitToObject, withoutOwnerAndTax } from '../mappers';
import { AccommodationChannelsDocument } from './accommodationChannels.generated';
import { AccommodationDetailsDocument } from './accommodationDetails.generated';
import { AccommodationFeesDocument } from './accommodationFees.generated';
import { AccommodationFilterChoicesDocument } from './accommodationFilterChoices.generated';
import { AccommodationLabelsDocument } from './accommodationLabels.generated';
import { AccommodationListDocument } from './accommodationList.generated';
import { AccommodationStaffFilterChoicesDocument } from './accommodationStaffFilterChoices.generated';
import { AccommodationStaffListDocument } from './accommodationStaffList.generated';
import { AccommodationStaffDocument } from './accommodationStaff.generated';
import { InsertAccommodationDocument } from './insertAccommodation.generated';
import { LabelsDocument } from './labels.generated';
import { LinkAirbnbDocument } from './linkAirbnb.generated';
import { UnlinkAirbnbDocument } from './unlinkAirbnb.generated';
import { UpdateAccommodationDocument } from './updateAccommodation.generated';
import { UpdateAccommodationNtakDocument } from './updateAccommodationNtak.generated';
import { UpsertFeeDocument } from './upsertFee.generated';
import { UpsertRateDocument } from './upsertRate.generated';
import { UpsertTaxRangeDocument } from './upsertTaxRange.generated';
import { UpsertUnitDocument } from './upsertUnit.generated';
import { SetUnitStaffDocument } from './setUnitStaff.generated';
import { DeleteRateDocument } from './deleteRate.generated';
import { LISTING_CHANNELS } from '@/domain/accommodations/channelListings';
import { containsPattern } from '../listQuery';
import { DeleteAccommodationDocument } from './deleteAccommodation.generated';
import { DeleteChannelListingDocument } from './deleteChannelListing.generated';
import { InsertChannelListingDocument } from './insertChannelListing.generated';
import { OwnerNameDocument } from './ownerName.generated';
import { OwnerSearchDocument } from './ownerSearch.generated';
import { StaffNamesDocument } from './staffNames.generated';
import { StaffSearchDocument } from './staffSearch.generated';
import { staffSearchWhere } from '../people';
import { UnitChannelListingsDocument } from './unitChannelListings.generated';

const USERS = { admin: '00000000-0000-4000-a000-000000000001', member: '00000000-0000-4000-a000-000000000003', manager: '00000000-0000-4000-a000-000000000005', manager2: '00000000-0000-4000-a000-000000000012', owner: '00000000-0000-4000-a000-000000000007' } as const;
type Role = keyof typeof USERS;

let backend: RunningBackend;
const clients = new Map<Role, ApolloClient>();

async function clientFor(role: Role): Promise<ApolloClient> {
  const existing = clients.get(role);
  if (existing) return existing;
  // manager2 is the second demo property manager (role manager).
  const hasuraRole = role === 'manager2' ? 'manager' : role;
  const claims = { 'x-hasura-allowed-roles': [hasuraRole, 'user', 'me'], 'x-hasura-default-role': hasuraRole, 'x-hasura-user-id': USERS[role], 'x-hasura-user-is-anonymous': 'false' };
  const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': claims, sub: USERS[role] }, 900);
  const client = new ApolloClient({ link: new HttpLink({ uri: `${backend.url}/v1/graphql`, headers: { authorization: `Bearer ${token}` } }), cache: new InMemoryCache({ typePolicies: buildTypePolicies() }), defaultOptions: { query: { fetchPolicy: 'network-only' } } });
  clients.set(role, client);
  return client;
}

const listVariables = (filters = EMPTY_FILTERS) => ({ where: accommodationWhere(filters), orderBy: accommodationOrderBy({ column: 'name', direction: 'asc' }), limit: 25, offset: 0 });

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
}, 180_000);
afterAll(async () => {
  for (const client of clients.values()) client.stop();
  await backend?.close();
});

describe('accommodation operations', () => {
  it('list a page with its total for each role, only what the role may see', async () => {
    const member = await clientFor('member');
    const all = await member.query({ query: AccommodationListDocument, variables: listVariables({ ...EMPTY_FILTERS, hidden: 'all' }) });
    expect(all.data?.accommodations_aggregate.aggregate?.count).toBe(6);
    expect(all.data?.accommodations.map((a) => a.name)).toEqual(['Andrássy Residence', 'Király Garden Flats', 'Palace Quarter Studio', 'Ráday Corner', 'Váci Loft', 'Újlipótváros Riverside']);
    const page = await member.query({ query: AccommodationListDocument, variables: { ...listVariables({ ...EMPTY_FILTERS, search: 'utca' }), limit: 2 } });
    expect(page.data?.accommodations).toHaveLength(2);
    expect(page.data?.accommodations_aggregate.aggregate?.count).toBeGreaterThan(2);

    const manager = await clientFor('manager');
    const managed = await manager.query({ query: AccommodationListDocument, variables: listVariables() });
    expect(managed.data?.accommodations.map((a) => a.name).sort()).toEqual(['Andrássy Residence', 'Király Garden Flats', 'Váci Loft']);
    const owner = await clientFor('owner');
    const owned = await owner.query({ query: AccommodationListDocument, variables: listVariables() });
    expect(owned.data?.accommodations.map((a) => a.name).sort()).toEqual(['Andrássy Residence', 'Váci Loft', 'Újlipótváros Riverside']);
    // Filter choices work for every role (owners cannot read labels; the view skips that query).
    for (const client of [member, manager, owner]) {
      const choices = (await client.query({ query: AccommodationFilterChoicesDocument })).data;
      expect(choices?.cities.length).toBeGreaterThan(0);
      expect(choices?.owners.length).toBeGreaterThan(0);
    }
    // An owner's choices come from their own accommodations only: themselves as the one owner, and
    // no city the member sees that the owner's accommodations are not in.
    const ownerChoices = (await owner.query({ query: AccommodationFilterChoicesDocument })).data;
    expect(ownerChoices?.owners.map((o) => o.owner_name)).toEqual([...new Set(owned.data?.accommodations.map((a) => a.owner_name))]);
    const memberCities = (await member.query({ query: AccommodationFilterChoicesDocument })).data?.cities.map((c) => c.city) ?? [];
    expect(ownerChoices?.cities.map((c) => c.city)).toEqual(expect.arrayContaining([...new Set(owned.data?.accommodations.map((a) => a.city))]));
    expect(memberCities).toEqual(expect.arrayContaining(ownerChoices?.cities.map((c) => c.city) ?? []));
    // The staff roles' list carries each row's labels, their choices every label; the same rows and
    // choices as the owners' documents give. An owner may use neither.
    const staffList = (await manager.query({ query: AccommodationStaffListDocument, variables: listVariables() })).data;
    expect(staffList?.accommodations.map((a) => a.name)).toEqual(managed.data?.accommodations.map((a) => a.name));
    expect(staffList?.accommodations_aggregate.aggregate?.count).toBe(managed.data?.accommodations_aggregate.aggregate?.count);
    expect(staffList?.accommodations.flatMap((a) => a.accommodation_labels.map((l) => l.label.name)).length).toBeGreaterThan(0);
    const staffChoices = (await manager.query({ query: AccommodationStaffFilterChoicesDocument })).data;
    expect(staffChoices?.cities).toEqual((await manager.query({ query: AccommodationFilterChoicesDocument })).data?.cities);
    expect(staffChoices?.labels.map((l) => l.name)).toEqual((await manager.query({ query: LabelsDocument })).data?.labels.map((l) => l.name));
    await expect(owner.query({ query: AccommodationStaffListDocument, variables: listVariables() })).rejects.toThrow();
    await expect(owner.query({ query: AccommodationStaffFilterChoicesDocument })).rejects.toThrow();
    await expect(owner.query({ query: LabelsDocument })).rejects.toThrow();
  });

  it('create an accommodation with two units and three rates (one derived), and map uniqueness errors to fields', async () => {
    const member = await clientFor('member');
    const labels = (await member.query({ query: LabelsDocument })).data?.labels ?? [];
    const created = await member.mutate({
      mutation: InsertAccommodationDocument,
      variables: { object: { ...newAccommodationColumns({ name: 'Dob utca 8', externalName: '', ownerId: null, ownerName: '', taxId: '', vatRate: 18, city: 'Budapest', country: 'HU', zip: '1072', address: 'Dob utca 8.', isHidden: false, labelIds: [], managerIds: [], cleanerIds: [] }), accommodation_labels: { data: [{ label_id: labels[0].id }] } } },
    });
    const id = created.data?.insert_accommodations_one?.id ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const duplicateName = await member.mutate({ mutation: InsertAccommodationDocument, variables: { object: { name: 'Dob utca 8', zip: '1072', address: 'x' } } }).catch((e: unknown) => e);
    expect(violationOf(duplicateName)).toEqual({ field: 'name', messageKey: 'accommodation:errors.accommodationNameUnique' });

    const unit = (name: string) => unitToObject({ name, externalName: '', category: 'APARTMAN', singleBeds: 0, doubleBeds: 1, tempBeds: 0, occAdults: 2, occChildren: 1, occInfants: 1 }, id, null);
    const u1 = (await member.mutate({ mutation: UpsertUnitDocument, variables: { object: unit('Apartment 1') } })).data?.insert_units_one?.id ?? '';
    const u2 = (await member.mutate({ mutation: UpsertUnitDocument, variables: { object: unit('Apartment 2') } })).data?.insert_units_one?.id ?? '';
    expect(violationOf(await member.mutate({ mutation: UpsertUnitDocument, variables: { object: unit('Apartment 1') } }).catch((e: unknown) => e))).toEqual({ field: 'name', messageKey: 'accommodation:errors.unitNameUnique' });
    // Upsert on the primary key renames in place.
    await member.mutate({ mutation: UpsertUnitDocument, variables: { object: { ...unit('Apartment 2B'), id: u2 } } });

    const rate = (name: string, extra: Partial<Parameters<typeof rateToObject>[0]> = {}) =>
      rateToObject({ name, unitId: u1, occupancy: 2, currency: 'EUR', parentRateId: null, price: 100, minPrice: null, maxPrice: null, minStay: 1, maxStay: null, derivedChangeType: 'PERCENT', derivedChangeValue: null, inheritClosedToArrival: true, inheritClosedToDeparture: false, modifierDirection: '', modifierType: 'PERCENT', modifierValue: null, ...extra }, null);
    const standard = (await member.mutate({ mutation: UpsertRateDocument, variables: { object: rate('Standard') } })).data?.insert_rates_one?.id ?? '';
    await member.mutate({ mutation: UpsertRateDocument, variables: { object: rate('Non-refundable', { parentRateId: standard, price: null, derivedChangeValue: -10, minPrice: 85 }) } });
    await member.mutate({ mutation: UpsertRateDocument, variables: { object: rate('Family', { occupancy: 4, price: 140, modifierDirection: 'increase', modifierType: 'FIX', modifierValue: 15 }) } });
    expect(violationOf(await member.mutate({ mutation: UpsertRateDocument, variables: { object: rate('Standard', { occupancy: 3 }) } }).catch((e: unknown) => e))).toEqual({ field: 'name', messageKey: 'rate:errors.rateNameUnique' });
    expect(violationOf(await member.mutate({ mutation: UpsertRateDocument, variables: { object: rate('Second standard') } }).catch((e: unknown) => e))).toEqual({ field: 'occupancy', messageKey: 'rate:errors.occupancyCurrencyUnique' });

    await member.mutate({ mutation: UpsertTaxRangeDocument, variables: { object: { accommodation_id: id, type: 'PERCENT', currency: 'HUF', inclusive: false, value: 4, valid_from: '2026-01-01', valid_to: null, max_nights: null, issue_on_cleaning: false } } });
    const overlap = await member.mutate({ mutation: UpsertTaxRangeDocument, variables: { object: { accommodation_id: id, type: 'FIX', currency: 'HUF', inclusive: false, value: 500, valid_from: '2026-06-01', valid_to: null, max_nights: null, issue_on_cleaning: false } } }).catch((e: unknown) => e);
    expect(violationOf(overlap)).toEqual({ field: 'validFrom', messageKey: 'accommodation:errors.taxRangesOverlap' });
    await member.mutate({ mutation: UpsertFeeDocument, variables: { object: { name: 'Laundry', unit_id: u1, type: 'FIX', minimum: 0, value: 3500, currency: 'HUF', expense_type: 'laundry' } } });

    await member.mutate({ mutation: LinkAirbnbDocument, variables: { airbnbId: '53912345', url: 'https://www.airbnb.com/rooms/53912345', title: 'Apartment 1', unitId: u1 } });
    await member.mutate({ mutation: SetUnitStaffDocument, variables: { unitIds: [u1, u2], links: [u1, u2].map((unitId) => ({ unit_id: unitId, user_id: USERS.manager, connection_type: 'manager' as const })) } });
    await member.mutate({ mutation: UpdateAccommodationDocument, variables: { id, set: { owner_name: 'Test Owner' }, labels: labels.slice(0, 2).map((l) => ({ accommodation_id: id, label_id: l.id })) } });

    const details = (await member.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk;
    expect(details?.units.map((u) => u.name)).toEqual(['Apartment 1', 'Apartment 2B']);
    const rates = details?.units[0].rates ?? [];
    expect(rates.map((r) => r.name)).toEqual(['Family', 'Non-refundable', 'Standard']);
    const domain = ratesToDomain(rates);
    const nonRefundable = rates.find((r) => r.name === 'Non-refundable');
    const family = rates.find((r) => r.name === 'Family');
    // 100 EUR -10% = 90 EUR (above the 85 EUR minimum); Family 140 + 15 = 155 EUR.
    expect(resolveRate(nonRefundable?.id ?? '', domain).price).toBe(9000);
    expect(resolveRate(family?.id ?? '', domain).price).toBe(15500);
    const fees = (await member.query({ query: AccommodationFeesDocument, variables: { id } })).data?.expense_factories ?? [];
    expect(fees.map((f) => f.name)).toEqual(['Laundry']);
    const tax = touristTaxForStay({ checkIn: '2026-07-01', checkOut: '2026-07-04', adults: 2, children: 0, infants: 0, accommodationFee: 60000, currency: 'HUF' }, taxRangesToDomain(details?.tourist_tax_ranges ?? []));
    expect(tax.total).toBe(2400);
    expect((await member.query({ query: AccommodationLabelsDocument, variables: { id } })).data?.accommodation_labels).toHaveLength(2);
    expect((await member.query({ query: AccommodationChannelsDocument, variables: { id } })).data?.airbnb_units.map((l) => l.airbnb_id)).toEqual(['53912345']);
    await member.mutate({ mutation: UnlinkAirbnbDocument, variables: { unitId: u1, airbnbId: '53912345' } });

    // Images: attach two storage files (as an upload would), reorder them, detach one.
    const files = await Promise.all(
      ['a.png', 'b.png'].map(async (fileName) => {
        const form = new FormData();
        form.append('file[]', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), fileName);
        const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': USERS.member }, sub: USERS.member }, 900);
        const response = await fetch(`${backend.url}/v1/storage/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        const body = (await response.json()) as { processedFiles?: { id: string }[]; id?: string };
        return body.processedFiles?.[0]?.id ?? body.id ?? '';
      }),
    );
    for (const [position, fileId] of files.entries()) await member.mutate({ mutation: InsertAccommodationFileDocument, variables: { accommodationId: id, fileId, position } });
    await member.mutate({ mutation: ReorderAccommodationFilesDocument, variables: { updates: [...files].reverse().map((fileId, position) => ({ where: { accommodation_id: { _eq: id }, file_id: { _eq: fileId } }, _set: { position } })) } });
    const gallery = (await member.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk?.accommodation_files;
    expect(gallery?.map((f) => f.file_id)).toEqual([...files].reverse());
    await member.mutate({ mutation: DeleteAccommodationFileDocument, variables: { accommodationId: id, fileId: files[0] } });
    // Deleting the parent rate takes its derived rate with it (cascade).
    await member.mutate({ mutation: DeleteRateDocument, variables: { id: standard } });
    const after = (await member.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk;
    expect(after?.units[0].rates.map((r) => r.name)).toEqual(['Family']);

    // The manager now connected to the units sees it and may change NTAK fields and the basics,
    // but not the owner and money settings (office staff only).
    const manager = await clientFor('manager');
    expect((await manager.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk?.name).toBe('Dob utca 8');
    expect((await manager.query({ query: AccommodationStaffDocument, variables: { id } })).data?.unit_2_users).toHaveLength(2);
    await manager.mutate({ mutation: UpdateAccommodationNtakDocument, variables: { id, set: { ntak_id: 'MA260001', ntak_name: 'Dob 8', skip_ntak: false } } });
    // Another client cannot store what the NTAK sender refuses: the database checks the sender's rule.
    for (const set of [{ ntak_id: 'MA26000001' }, { ntak_id: 'ma260001' }, { ntak_id: "MA2600'--" }, { ntak_id: 'MA26 001' }, { ntak_id: 'X'.repeat(100_000) }, { ntak_name: '' }, { ntak_name: 'N'.repeat(201) }]) {
      await expect(manager.mutate({ mutation: UpdateAccommodationNtakDocument, variables: { id, set } }), JSON.stringify(set).slice(0, 40)).rejects.toThrow();
    }
    for (const taxId of ['1234', '12345678-1-4', '12345678142', '12345678-1-42; DROP']) {
      await expect(member.mutate({ mutation: UpdateAccommodationDocument, variables: { id, set: { tax_id: taxId }, labels: [] } }), taxId).rejects.toThrow();
    }
    const stored = (await manager.query({ query: AccommodationDetailsDocument, variables: { id }, fetchPolicy: 'network-only' })).data?.accommodations_by_pk;
    expect(stored).toMatchObject({ ntak_id: 'MA260001', ntak_name: 'Dob 8' });
    await manager.mutate({ mutation: UpdateAccommodationDocument, variables: { id, set: { external_name: 'Dob 8 flats' }, labels: [] } });
    await expect(manager.mutate({ mutation: UpdateAccommodationDocument, variables: { id, set: { vat_rate: 5 }, labels: [] } })).rejects.toThrow();
    expect((await manager.query({ query: AccommodationChannelsDocument, variables: { id } })).data?.airbnb_units).toEqual([]);
  });

  it('let a property manager create an accommodation and build it up; another manager sees none of it', async () => {
    const manager = await clientFor('manager');
    const values = { name: 'Kazinczy 5', externalName: '', ownerId: null, ownerName: 'Szabó Péter', taxId: '', vatRate: 18, city: 'Budapest', country: 'HU', zip: '1075', address: 'Kazinczy utca 5.', isHidden: false, labelIds: [], managerIds: [], cleanerIds: [] };
    const created = await manager.mutate({ mutation: InsertAccommodationDocument, variables: { object: withoutOwnerAndTax(newAccommodationColumns(values)) } });
    const id = created.data?.insert_accommodations_one?.id ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const unit = await manager.mutate({ mutation: UpsertUnitDocument, variables: { object: unitToObject({ name: 'Apartment 1', externalName: '', category: 'APARTMAN', singleBeds: 0, doubleBeds: 1, tempBeds: 0, occAdults: 2, occChildren: 0, occInfants: 0 }, id, null) } });
    const unitId = unit.data?.insert_units_one?.id ?? '';
    await manager.mutate({ mutation: UpsertRateDocument, variables: { object: { unit_id: unitId, name: 'Standard', occupancy: 2, currency: 'EUR', price: 100 } } });
    await manager.mutate({ mutation: LinkAirbnbDocument, variables: { airbnbId: '99000042', url: null, title: 'Kazinczy 5', unitId } });
    const details = (await manager.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk;
    expect(details?.units.map((u) => [u.name, u.rates.map((r) => r.name)])).toEqual([['Apartment 1', ['Standard']]]);
    // The owner of an accommodation is chosen by office staff: the manager's insert cannot carry it.
    await expect(manager.mutate({ mutation: InsertAccommodationDocument, variables: { object: { ...newAccommodationColumns({ ...values, name: 'Kazinczy 7' }), owner_id: '10000000-0000-4000-a000-000000000001' } } })).rejects.toThrow();

    const other = await clientFor('manager2');
    expect((await other.query({ query: AccommodationDetailsDocument, variables: { id } })).data?.accommodations_by_pk).toBeNull();
  });

  it('let an owner read their accommodation in the editor and nothing of others', async () => {
    const owner = await clientFor('owner');
    const vaci = (await owner.query({ query: AccommodationDetailsDocument, variables: { id: '30000000-0000-4000-a000-000000000001' } })).data?.accommodations_by_pk;
    expect(vaci?.name).toBe('Váci Loft');
    expect(vaci?.units.length).toBeGreaterThan(0);
    const kiraly = (await owner.query({ query: AccommodationDetailsDocument, variables: { id: '30000000-0000-4000-a000-000000000003' } })).data?.accommodations_by_pk;
    expect(kiraly).toBeNull();
  });

  it('map channel ids to units; a taken id comes back as the section 8 message on the id field', async () => {
    const manager = await clientFor('manager');
    const vaci = '30000000-0000-4000-a000-000000000001';
    const loftA = '40000000-0000-4000-a000-000000000101';
    const channels = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: JSON.stringify({ query: '{ listing_channels { value } }' }) });
    // The picker offers exactly the channels the database accepts.
    expect(((await channels.json()) as { data: { listing_channels: { value: string }[] } }).data.listing_channels.map((c) => c.value).sort()).toEqual([...LISTING_CHANNELS].sort());
    const pairs = (rows: { channel: string; external_id: string }[] | undefined) => (rows ?? []).map((l) => [l.channel, l.external_id]).sort();
    // The demo data already maps two Váci Loft units to Booking.com.
    const seeded = pairs((await manager.query({ query: UnitChannelListingsDocument, variables: { id: vaci } })).data?.unit_channel_listings);
    expect(seeded).toEqual([['booking', '9182736'], ['booking', '9182737']]);
    const added = await manager.mutate({ mutation: InsertChannelListingDocument, variables: { object: { unit_id: loftA, channel: 'booking', external_id: '5550001', url: 'https://www.booking.com/hotel/hu/vaci-loft.html' } } });
    const listingId = added.data?.insert_unit_channel_listings_one?.id ?? '';
    const error = await manager.mutate({ mutation: InsertChannelListingDocument, variables: { object: { unit_id: loftA, channel: 'booking', external_id: '5550001', url: null } } }).catch((e: unknown) => e);
    expect(violationOf(error)).toEqual({ field: 'externalId', messageKey: 'accommodation:errors.channelIdUnique' });
    const owner = await clientFor('owner');
    expect(pairs((await owner.query({ query: UnitChannelListingsDocument, variables: { id: vaci } })).data?.unit_channel_listings)).toEqual([['booking', '5550001'], ...seeded]);
    expect((await (await clientFor('manager2')).query({ query: UnitChannelListingsDocument, variables: { id: vaci } })).data?.unit_channel_listings).toEqual([]);
    await manager.mutate({ mutation: DeleteChannelListingDocument, variables: { id: listingId } });
    expect(pairs((await manager.query({ query: UnitChannelListingsDocument, variables: { id: vaci } })).data?.unit_channel_listings)).toEqual(seeded);
  });

  it('search staff and owners by name a page at a time, as a manager and a member', async () => {
    const manager = await clientFor('manager');
    const cleaners = await manager.query({ query: StaffSearchDocument, variables: { where: staffSearchWhere('cleaner', containsPattern('')), limit: 21 } });
    expect(cleaners.data?.staff_users.map((p) => p.display_name)).toEqual(['Cecília Cleaner', 'Csilla Cleaner']);
    const managers = await manager.query({ query: StaffSearchDocument, variables: { where: staffSearchWhere('manager', containsPattern('mónika')), limit: 21 } });
    expect(managers.data?.staff_users.map((p) => p.display_name)).toEqual(['Mónika Manager']);
    // A typed % is a character, not a wildcard.
    expect((await manager.query({ query: StaffSearchDocument, variables: { where: staffSearchWhere('manager', containsPattern('%')), limit: 21 } })).data?.staff_users).toEqual([]);
    const names = await manager.query({ query: StaffNamesDocument, variables: { ids: [USERS.manager, USERS.member] } });
    expect(names.data?.staff_users.map((p) => p.display_name)).toEqual(['Miklós Manager']);
    const member = await clientFor('member');
    expect((await member.query({ query: OwnerSearchDocument, variables: { pattern: containsPattern('kovács'), limit: 21 } })).data?.owners.map((o) => o.name)).toEqual(['Kovács Anna']);
    expect((await member.query({ query: OwnerSearchDocument, variables: { pattern: containsPattern(''), limit: 2 } })).data?.owners).toHaveLength(2);
    // A manager reads the names of the owners of what they manage only.
    expect((await manager.query({ query: OwnerNameDocument, variables: { id: '10000000-0000-4000-a000-000000000003' } })).data?.owners_by_pk).toBeNull();
    expect((await manager.query({ query: OwnerNameDocument, variables: { id: '10000000-0000-4000-a000-000000000001' } })).data?.owners_by_pk?.name).toBe('Kovács Anna');
    expect((await (await clientFor('owner')).query({ query: OwnerNameDocument, variables: { id: '10000000-0000-4000-a000-000000000001' } })).data?.owners_by_pk?.name).toBe('Kovács Anna');
  });

  it('leave deleting accommodations to administrators (members and managers hide them)', async () => {
    const vaci = '30000000-0000-4000-a000-000000000001';
    for (const role of ['member', 'manager'] as const) {
      await expect((await clientFor(role)).mutate({ mutation: DeleteAccommodationDocument, variables: { id: vaci } })).rejects.toThrow(/delete_accommodations_by_pk/);
    }
    // An administrator may, but not while bookings point at it (the editor says so); an unused one goes.
    const admin = await clientFor('admin');
    const refused = await admin.mutate({ mutation: DeleteAccommodationDocument, variables: { id: vaci } }).catch((e: unknown) => e);
    expect(isForeignKeyViolation(refused)).toBe(true);
    const created = await admin.mutate({ mutation: InsertAccommodationDocument, variables: { object: { name: 'Short lived', zip: '1011', address: 'Fő utca 1.' } } });
    const id = created.data?.insert_accommodations_one?.id ?? '';
    expect((await admin.mutate({ mutation: DeleteAccommodationDocument, variables: { id } })).data?.delete_accommodations_by_pk?.id).toBe(id);
  });

  it('stays fast with 500 accommodations: a page and its count in one request', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ name: `Bulk ${String(i).padStart(3, '0')}`, zip: String(1000 + (i % 200)), address: `Bulk utca ${i}.`, city: i % 2 ? 'Budapest' : 'Debrecen' }));
    const insert = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret },
      body: JSON.stringify({ query: 'mutation Bulk($rows: [accommodations_insert_input!]!) { insert_accommodations(objects: $rows) { affected_rows } }', variables: { rows } }),
    });
    expect(((await insert.json()) as { data: { insert_accommodations: { affected_rows: number } } }).data.insert_accommodations.affected_rows).toBe(500);
    const member = await clientFor('member');
    const timings: number[] = [];
    for (const [i, filters] of [EMPTY_FILTERS, { ...EMPTY_FILTERS, search: 'bulk 4' }, { ...EMPTY_FILTERS, city: 'Debrecen' }, EMPTY_FILTERS].entries()) {
      const started = performance.now();
      const result = await member.query({ query: AccommodationListDocument, variables: { ...listVariables(filters), offset: i * 25, orderBy: accommodationOrderBy({ column: i % 2 ? 'city' : 'name', direction: 'desc' }) } });
      timings.push(performance.now() - started);
      expect(result.data?.accommodations.length).toBeGreaterThan(0);
    }
    const all = await member.query({ query: AccommodationListDocument, variables: listVariables() });
    expect(all.data?.accommodations_aggregate.aggregate?.count).toBeGreaterThanOrEqual(506);
    console.info(`accommodation list with 500+ rows: ${timings.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
    // Generous bound for a loaded CI machine; a page is typically tens of milliseconds.
    expect(Math.max(...timings)).toBeLessThan(2000);
  });
});
