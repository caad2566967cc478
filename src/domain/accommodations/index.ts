// The accommodation area's rules: editor form schemas, channel ids and Airbnb links, open editors.
export * from './accommodationSchemas';
export * from './airbnbListing';
export * from './channelListings';
export * from './openAccommodations';
