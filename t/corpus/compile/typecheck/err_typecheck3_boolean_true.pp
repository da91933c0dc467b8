assert_type(Boolean[true], false)
