export * from './order-huids';
export * from './huid-skip';
