// Test function: index.ts answers at its folder's path.
import type { Request, Response } from 'express';

export default (_req: Request, res: Response) => res.json({ at: 'nested' });
