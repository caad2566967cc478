// What the signed-in role may change in the accommodation editor. This mirrors the permissions in
// nhost/metadata so the interface does not offer what the database would refuse; the database
// stays the authority (a refused write still shows its error).
import type { AppRole } from '@/features/shell';

export interface EditorCapabilities {
  create: boolean;
  basics: boolean;
  units: boolean;
  rates: boolean;
  taxes: boolean;
  fees: boolean;
  channels: boolean;
  ntak: boolean;
  images: boolean;
  /** Owner, tax id and VAT rate decide who is paid and how invoices are made: office staff only. */
  ownerAndTax: boolean;
  /** The pm and manager contract files are agreements the office keeps. */
  contracts: boolean;
  /** Labels, staff connections, channels and certificates are readable only by some roles. */
  readsStaffAndLabels: boolean;
  readsChannels: boolean;
  /** Channel ids other than Airbnb (owners read those of their own units). */
  readsChannelListings: boolean;
  readsCertificates: boolean;
  /** Fees (expense factories): communicators may not read them. */
  readsFees: boolean;
  /** Deleting a unit: the member role may edit units but not delete them. */
  deletesUnits: boolean;
  /** Owners' names (the owner picker); other owner data stays with the owner and the office. */
  readsOwnerNames: boolean;
  /** Deleting an accommodation: administrators only. Nothing in the spec gives it to members or
   * managers, and deleting takes the units, rates and images with it, so they hide instead. */
  deletes: boolean;
  /** A unit's tasks under its form (tasks are shown on the booking, the thread and the unit). */
  readsTasks: boolean;
}

const NONE: EditorCapabilities = { create: false, basics: false, units: false, rates: false, taxes: false, fees: false, channels: false, ntak: false, images: false, ownerAndTax: false, contracts: false, readsStaffAndLabels: false, readsChannels: false, readsChannelListings: false, readsCertificates: false, readsFees: false, deletesUnits: false, readsOwnerNames: false, deletes: false, readsTasks: false };

export function capabilitiesFor(role: AppRole | null): EditorCapabilities {
  switch (role) {
    // admin is Hasura's superuser role; member holds the staff write permissions.
    case 'admin':
    case 'member':
      return { create: true, basics: true, units: true, rates: true, taxes: true, fees: true, channels: true, ntak: true, images: true, ownerAndTax: true, contracts: true, readsStaffAndLabels: true, readsChannels: true, readsChannelListings: true, readsCertificates: true, readsFees: true, deletesUnits: role === 'admin', readsOwnerNames: true, deletes: role === 'admin', readsTasks: true };
    // A property manager creates accommodations and edits everything of those they manage
    // (created them or connected to a unit as manager), except the owner and money settings.
    case 'manager':
      return { ...NONE, create: true, basics: true, units: true, rates: true, taxes: true, fees: true, channels: true, ntak: true, images: true, readsStaffAndLabels: true, readsChannels: true, readsChannelListings: true, readsCertificates: true, readsFees: true, deletesUnits: true, readsOwnerNames: true, readsTasks: true };
    case 'communicator':
      return { ...NONE, readsStaffAndLabels: true, readsChannels: true, readsChannelListings: true, readsCertificates: true, readsOwnerNames: true, readsTasks: true };
    // Owners read their own owner row and the channel ids of their units, and change nothing here.
    case 'owner':
      return { ...NONE, readsChannelListings: true, readsFees: true, readsOwnerNames: true };
    default:
      return NONE;
  }
}
