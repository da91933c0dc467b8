class tool { notify { 'tool': } }
