export * from './rules';
export * from './plans';
export * from './balance';
export * from './owed-back';
