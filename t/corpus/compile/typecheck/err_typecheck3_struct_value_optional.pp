assert_type(Struct[{a => Optional[Integer], b => String}], {a => 'x'})
