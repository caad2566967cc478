DELETE FROM auth.roles WHERE role IN ('admin', 'communicator', 'member', 'inspector', 'manager', 'cleaner', 'owner', 'contractor');
