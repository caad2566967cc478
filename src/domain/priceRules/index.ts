// Price-rule editing rules: the form <-> stored rule mapping and its checks (SPEC 5).
export * from './form';
