import { describe, expect, it } from 'vitest';
import { channelListingSchema } from './channelListings';

const errorsOf = (values: Record<string, unknown>) => {
  try {
    channelListingSchema.validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; message: unknown }[] }).inner.map((e) => [e.path, e.message]);
  }
};

describe('channel listing form', () => {
  it('casts a Booking.com id with a URL, trimming and dropping an empty URL', () => {
    expect(channelListingSchema.cast({ channel: 'booking', externalId: ' 1234567 ', url: ' https://www.booking.com/hotel/hu/x.html ' })).toEqual({ channel: 'booking', externalId: '1234567', url: 'https://www.booking.com/hotel/hu/x.html' });
    expect(channelListingSchema.cast({ channel: 'vrbo', externalId: 'V-1', url: '' })).toEqual({ channel: 'vrbo', externalId: 'V-1', url: null });
  });

  it('requires the channel and the id, refuses unknown channels and non-web URLs', () => {
    expect(errorsOf({ channel: '', externalId: '  ', url: '' })).toEqual([
      ['channel', 'accommodation:validation.required'],
      ['externalId', 'accommodation:validation.required'],
    ]);
    expect(errorsOf({ channel: 'airbnb', externalId: 'x', url: 'javascript:alert(1)' })).toEqual([
      ['channel', 'accommodation:validation.invalidChoice'],
      ['url', 'accommodation:channels.invalidUrl'],
    ]);
    expect(errorsOf({ channel: 'other', externalId: 'x', url: 'http://localhost' })).toEqual([['url', 'accommodation:channels.invalidUrl']]);
  });
});
