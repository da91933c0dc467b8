assert_type(Struct[{a => Timespan[default, 1]}], {a => Timespan(2)})
