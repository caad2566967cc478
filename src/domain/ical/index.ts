// iCal sync rules: the export feed, reading channel feeds, and what an import changes.
export * from './exportFeed';
export * from './parseFeed';
export * from './planImport';
