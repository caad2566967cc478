// Test function: folders starting with _ are not exposed.
import type { Request, Response } from 'express';

export default (_req: Request, res: Response) => res.json({ leaked: true });
