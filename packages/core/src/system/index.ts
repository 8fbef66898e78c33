export * from './worker-beacons';
export * from './system-status';
export * from './dead-letters';
