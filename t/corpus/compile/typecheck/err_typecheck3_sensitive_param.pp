assert_type(Sensitive[Integer], Sensitive('x'))
