assert_type(Tuple[String, Integer], [1, 'a'])
