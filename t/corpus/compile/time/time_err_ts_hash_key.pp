notice(Timestamp({ string => '2021-01-01', zone => 'x' }))
