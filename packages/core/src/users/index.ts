export * from './user-view';
export * from './get-profile';
export * from './list-users';
export * from './remove-user';
export * from './create-admin';
