notice(Timespan({ days => 'x' }))
