// The page imports its stylesheet; Vite declares CSS modules (the renderer project has these types, the test project does not).
/// <reference types="vite/client" />
