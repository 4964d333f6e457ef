export * from './classification';
export * from './fields';
export * from './retention';
export * from './schemas';
export * from './record';
export * from './subject';
export * from './accessLog';
