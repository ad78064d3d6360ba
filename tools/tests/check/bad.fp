!!ARBfp1.0
TEMP t;
MOV t, fragment.color;
MOV result.color, undeclared_thing;
END
