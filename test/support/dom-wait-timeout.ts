import { configure } from '@testing-library/react';

// waitFor and the findBy queries give up after 1 s unless told otherwise. On a busy two-core machine a leg over the
// real mock can take longer than that; what never comes still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });
