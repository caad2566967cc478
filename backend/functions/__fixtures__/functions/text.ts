// Test function: answers plain text.
import type { Request, Response } from 'express';

export default (req: Request, res: Response) => {
  res.type('text/plain').send(`hello ${typeof req.body === 'string' ? req.body : JSON.stringify(req.body)}`);
};
